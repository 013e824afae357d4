{% include 'lib/nope.jinja' %}
