#jinja2: ["trim_blocks"]
list:
  test.succeed_without_changes:
    - name: |
        {% if 1 %}
        kept
        {% endif %}
