#!jinja|yamlex
{% for n in [1, 2] %}
piped:
  test.configurable_test_state: !aggregate
    - name: piped
    - changes: False
    - comment: c{{ n }}
{% endfor %}
