{% for f in ['a', 'b'] %}
conf_{{ f }}:
  test.nopp:
    - name: {{ f }}
{% endfor %}
