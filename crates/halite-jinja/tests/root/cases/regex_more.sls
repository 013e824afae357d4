{{ 'server-01.example.com' | regex_replace('^([^.]+)\\..*$', '\\1') }}
{{ 'v1.2.3' | regex_search('(\\d+)\\.(\\d+)\\.(\\d+)') }}
{{ 'v1.2.3' | regex_search('(?P<major>\\d+)') }}
{{ 'abc' | regex_search('x') is none }} {{ 'ABC' is match('abc', true) }}
{{ 'a1b2' | regex_replace('[0-9]', '') }} {{ 'aaa' | regex_replace('a', 'b', ignorecase=true) }}
