#!stateconf json . jinja
{".x": {"test.nop": []}, "y": "test.nop"}
