#!json
{"json_state": {"test.nop": [{"n": 1}]}}
