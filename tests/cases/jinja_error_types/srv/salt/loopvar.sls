{% for k, v in pillar.app.items() %}
{{ k }}: {{ v.foo }}
{% endfor %}
