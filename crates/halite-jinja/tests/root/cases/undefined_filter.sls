{{ 'x' | no_such_filter }}
