# a comment first
#jinja2: {"trim_blocks": true}
second_line:
  test.succeed_without_changes:
    - name: |
        {% if 1 %}
        kept
        {% endif %}
