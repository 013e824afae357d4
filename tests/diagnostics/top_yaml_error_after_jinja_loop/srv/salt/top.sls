{% set roles = ['web', 'db'] %}
base:
{% for r in roles %}
  '*':
    - {{ r }}
{% endfor %}
   'testminion':
    - db
