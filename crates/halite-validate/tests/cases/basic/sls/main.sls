include:
  - common

META:
  name: top meta

Assure RG {{ params.get('rg_name').get('your_rg') }}:
  azure.resource_groups.present:
    - resource_group_name: {{ params.get('rg_name').get('your_rg', 'default') }}
    - port: {{ params.get('port', 8080) }}
    - flag: {{ params.get('flag', True) }}
  META:
    params:
      rg_name:
        properties:
          your_rg: {}

short: test.nop

{% set x = params['locations'][0].get('name') %}
loc:
  test.present:
    - name: {{ x }}
    - tags: {{ params.get('tags').split(',') }}
