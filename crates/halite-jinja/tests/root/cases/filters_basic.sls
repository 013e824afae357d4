{{ 'Hello' | lower }} {{ 'Hello' | upper }} {{ 'hello world-foo' | title }} {{ 'hELLO' | capitalize }}
{{ [3, 1, 2] | sort }} {{ ['b', 'A', 'c'] | sort }} {{ [3, 1, 2] | sort(reverse=true) }} {{ [1, 2, 3] | reverse | list }}
{{ [1, 2, 3] | first }} {{ [1, 2, 3] | last }} {{ [1, 2, 3] | length }} {{ 'abc' | length }} {{ [1, 2, 3] | count }}
{{ [1, 2, 3] | sum }} {{ [1, 2, 3] | min }} {{ [1, 2, 3] | max }} {{ ['a', 'B'] | max }}
{{ [1, 2, 3] | join(',') }} {{ ['a', none, 1] | join('-') }} {{ 'a-b' | replace('-', '+') }} {{ '  x  ' | trim }}
{{ '42' | int }} {{ '4.7' | int }} {{ 'x' | int }} {{ 'x' | int(7) }} {{ '0x1A' | int(0, 16) }} {{ 3 | float }} {{ '2.5' | float }} {{ true | int }}
{{ 2.567 | round(2) }} {{ 2.5 | round }} {{ 3.5 | round }} {{ 7 | round }} {{ 2.1 | round(method='ceil') }} {{ -3 | abs }}
{{ 'x' | string }} {{ 1 | string }} {{ none | string }} {{ [1] | string }}
{{ '%s=%s' | format('a', 2) }} {{ 'a b c' | wordcount }} {{ 'abc' | center(7) }}|
