{{ 'yes' | to_bool }} {{ 'no' | to_bool }} {{ 1 | to_bool }} {{ none | to_bool }} {{ [1] | to_bool }} {{ 'True' | to_bool }}
{{ 'abcd' | regex_search('(b)(c)') }} {{ 'abcd' | regex_match('(b)') }} {{ 'abcd' | regex_match('(a)(b)') }} {{ 'a b  c' | regex_replace('\\s+', '_') }}
{{ 'ABC' | regex_search('b', ignorecase=True) }} {{ 'x1y22' | regex_replace('(\\d+)', '<\\1>') }}
{{ 'it s' | quote }} {{ 'plain' | quote }} {{ 'a.b*c' | regex_escape }}
{{ '42' | to_num }} {{ '4.2' | to_num }} {{ 'x' | to_num }}
{{ '/etc' | path_join('demo', 'x.conf') }} {{ 'a' | path_join('/abs') }}
{{ '10.0.0.1' | is_ip }} {{ 'x' | is_ip }} {{ '::1' | is_ipv6 }} {{ '10.0.0.1' | is_ipv4 }} {{ ['10.0.0.1', 'x', '::1'] | ipaddr }} {{ ['10.0.0.1', '::1'] | ipv4 }}
{{ 'CamelCaseString' | to_snake_case }} {{ 'snake_case_string' | to_camelcase }} {{ 'snake_case' | to_camelcase(uppercamel=True) }}
{{ 'abc' | is_hex }} {{ 'xyz' | is_hex }} {{ 'a b' | contains_whitespace }}
