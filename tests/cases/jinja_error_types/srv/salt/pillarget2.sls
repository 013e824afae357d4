{% set app = pillar.get('app') %}
a: {{ app.foo }}
