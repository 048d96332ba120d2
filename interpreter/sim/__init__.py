"""The balance lab: many games played in parallel (runner), one plain record per game
(records), records kept on disk (store), and what they say (stats, summary, compare,
report)."""
