a
{% include 'lib/broken_top.jinja' %}
