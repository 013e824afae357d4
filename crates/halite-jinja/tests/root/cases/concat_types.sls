{{ 'port: ' ~ 80 }} {{ 'list: ' ~ [1, 'a'] }} {{ 'dict: ' ~ {'a': none} }} {{ 'none: ' ~ none }} {{ 'bool: ' ~ false }} {{ 'float: ' ~ 2.50 }}
{{ [1] + [2] }} {{ 'a' + 'b' }} {{ 1 + true }}
