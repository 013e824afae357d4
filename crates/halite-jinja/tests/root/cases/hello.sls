hello {{ grains['os'] }} {{ pillar['app']['name'] }} {{ sls }} {{ tpldir }} {{ tplfile }} {{ slspath }} {{ sls_path }} {{ saltenv }}
{{ salt['test.ping']() }} {{ none }} {{ true }} {{ 1.0 }} {{ {'a': 1, 'b': [True, None, 'x']} }}
