#!jinja|json
{"jj_{{ grains['id'] }}": {"test.nop": []}}
