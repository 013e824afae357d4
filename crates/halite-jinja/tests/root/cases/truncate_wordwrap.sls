{{ 'hello world foo bar' | truncate(9) }} {{ 'hello world foo bar' | truncate(9, true) }} {{ 'abc' | truncate(10) }}
{{ 'a b c d e f' | wordwrap(5) }}
