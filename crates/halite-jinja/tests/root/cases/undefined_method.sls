a
b
{{ 'abc'.nosuchmethod() }}
