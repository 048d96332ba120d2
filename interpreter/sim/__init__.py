"""The balance lab: many games played in parallel (runner), one plain record per game
(records), records kept on disk (store), and what they say (stats, summary, compare,
report), taken in one record at a time in exact tallies (tally) so that memory does not
grow with the games; compare pairs each game with its twin as it arrives (twins)."""
