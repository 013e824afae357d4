{{ nope_var | upper }}
