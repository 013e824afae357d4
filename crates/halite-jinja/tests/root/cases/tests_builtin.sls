{{ x is defined }} {{ grains is defined }} {{ x is undefined }} {{ none is none }} {{ 1 is number }} {{ 'a' is string }}
{{ {} is mapping }} {{ [] is mapping }} {{ [] is sequence }} {{ 'a' is sequence }} {{ [] is iterable }} {{ 1 is iterable }}
{{ [] is list }} {{ () is list }} {{ 'abc' is match('a.c') }} {{ 'abc' is match('b') }} {{ 2 is equalto 2 }} {{ 3 is divisibleby 3 }}
{{ 2 is even }} {{ 3 is odd }} {{ 'abc' is lower }} {{ 'ABC' is upper }} {{ 1 is in [1, 2] }} {{ true is sameas true }}
{{ salt['test.ping'] is callable }} {{ salt['no.such'] | default(none) is callable }} {{ salt['no.such'] is defined }}
{{ 'x' in 'xyz' }} {{ 1 in [1, 2] }} {{ 'k' in {'k': 1} }} {{ 'a' not in ['b'] }}
