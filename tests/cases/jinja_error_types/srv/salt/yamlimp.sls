{% import_yaml 'd.yaml' as d %}
a: {{ d.foo }}
