{{ 'x' is no_such_test }}
