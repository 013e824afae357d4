a: {{ 'plain' | yaml_encode }}
b: {{ 'has: colon' | yaml_encode }}
c: {{ "it's" | yaml_dquote }}
d: {{ 'x"y' | yaml_squote }}
e: {{ none | yaml_encode }} {{ true | yaml_encode }} {{ 1.5 | yaml_encode }}
f: {{ [1, 'a'] | yaml }} {{ 'str' | yaml }}
