{% set config = {
  'port': 80,
  'host': 'example.org',
  'root': '/srv/www',
} %}
{% set extra = 1 %}
site:
  test.nop:
    - name: {{ config.host }}
    - port: {{ config.port }}
  - root: {{ config.root }}
