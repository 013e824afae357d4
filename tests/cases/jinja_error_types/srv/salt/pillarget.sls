{% set app = salt['pillar.get']('app') %}
a: {{ app.foo }}
