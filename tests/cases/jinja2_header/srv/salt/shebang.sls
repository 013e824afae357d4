#!jinja|yaml
#jinja2: {"trim_blocks": true}
shebang:
  test.succeed_without_changes:
    - name: |
        {% for i in [1, 2] %}
        line {{ i }}
        {% endfor %}
