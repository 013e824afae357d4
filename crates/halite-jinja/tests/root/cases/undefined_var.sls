line one
line two
{{ missing_var }}
line four
