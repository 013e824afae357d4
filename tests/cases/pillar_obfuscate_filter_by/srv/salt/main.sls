# In a template Salt 3008 does not mask pillar values (mask_pillar is off while rendering).
obfuscated:
  test.nop:
    - value: {{ salt['pillar.obfuscate']() | json }}
filtered:
  test.nop:
    - value: {{ salt['pillar.filter_by']({'web': 'serve', 'db': 'query', 'default': 'x'}, 'role') | json }}
    - first_of_list: {{ salt['pillar.filter_by']({'w*': 'globbed', 'default': 'x'}, 'roles') | json }}
    - merged: {{ salt['pillar.filter_by']({'web': {'a': 1}, 'common': {'b': 2}}, 'role', merge={'c': 3}, base='common') | json }}
    - secret: {{ salt['pillar.filter_by']({'hunter2': 'found'}, 'secret') | json }}
    - fetched: {{ salt['grains.fetch']('id') | json }}
