"""`wonders render`: the cards and wonder boards of a rule set drawn as SVG, an HTML page
of them all and an A4 print sheet, every picture generated from the effect objects."""
