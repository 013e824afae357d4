line1
{% if true %}
line3
