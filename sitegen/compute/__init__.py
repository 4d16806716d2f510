"""From content to site data: the ratings of every list, norms, World Cup seasons."""
