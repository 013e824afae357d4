#jinja2: {"variable_start_string": "((", "variable_end_string": "))", "newline_sequence": "\r\n", "keep_trailing_newline": true}
{% set cap %}
line1
line2
{% endset %}
# Salt 3008 reads the header above (3007 leaves it as a YAML comment): double parentheses
# print, double braces are text, and the captured block's line breaks are CR LF.
new_syntax:
  test.show_notification:
    - text: (( [cap, [1, 2] | length] | json | yaml_dquote ))

old_syntax:
  test.show_notification:
    - text: '{{ cap | json }}'
