rg:
  azure.resource_management.resource_groups.present:
    - name: {{ params.get('rg_name').get('your_rg', 'default-rg') }}
    - location: {{ params.get('location', 'eastus') }}
    - size: {{ params.get('vm').get('size').get('cores', 4) }}
    - ratio: {{ params.get('ratio', 1.5) }}
    - zones: {{ params.get('zones', ['a', 'b']) }}
    - tags: {{ params.get('tags', {'env': 'dev'}) }}
    - quoted: "{{ params.get('quoted', "it's") }}"
    - none_default: {{ params.get('nd', None) }}
other:
  test.present:
    - name: {{ params.get('rg_name').get('my_rg', 'rg') }}
    - again: {{ params.get('location', 'westus') }}
