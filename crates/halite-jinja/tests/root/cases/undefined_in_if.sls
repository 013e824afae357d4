ok
{% if undefined_thing %}
yes
{% endif %}
