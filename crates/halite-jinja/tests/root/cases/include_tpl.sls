before
{% include 'lib/helpers.jinja' %}
after
{%- from 'lib/helpers.jinja' import greet, helper_list %}
{{ greet('bob') }} {{ helper_list }}
