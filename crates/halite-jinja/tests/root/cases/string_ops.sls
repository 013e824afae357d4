{{ 'ab' * 3 }} {{ 'a' + 'b' }} {{ 'abcdef'[1:3] }} {{ 'abcdef'[-2:] }} {{ 'abc'[0] }} {{ [1, 2, 3][1:] }} {{ [1, 2, 3][::-1] }}
{{ 'x' ~ 1 ~ [1] ~ {'a': 1} }} {{ "multi\nline" }} {{ 'tab\there' }}
{{ pillar['text'].split(' ') | first }} {{ pillar['number_string'] | int + 1 }}
