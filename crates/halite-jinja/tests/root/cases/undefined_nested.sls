{{ missing.attr }}
