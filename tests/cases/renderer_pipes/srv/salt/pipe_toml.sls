#!jinja|toml
[x]
"test.nop" = [{name = "{{ 5 }}"}]
