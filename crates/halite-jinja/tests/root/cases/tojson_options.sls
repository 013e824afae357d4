{{ {'b': 1, 'a': [1, 2]} | tojson(indent=2) }}
{{ {'b': 1, 'a': 2} | tojson(sort_keys=true) }}
{{ {'b': 1, 'a': {'d': 1, 'c': 2}} | json }}
{{ pillar['app'] | json }}
{{ pillar['app'] | tojson }}
