include:
  - common
{% set region = params.get('region', 'us-east-1') %}
rg-{{ params.get('rg').get('name') }}:
  azure.resource_groups.present:
    - location: {{ params.get('location', 'eastus') }}
    - region: {{ region }}
    - size: {{ params['vm']['size'] }}
    - zones: {{ params.get('zones') | join(',') }}
    - enabled: {{ params.get('enabled', True) }}
{% for name, cfg in params.get('apps').items() %}
app-{{ name }}:
  test.present:
    - port: {{ cfg.get('port', 80) }}
{% endfor %}
