c: 1
{% if %}{% endif %}
