#!stateconf -o json . jinja
{".x": {"test.nop": []}}
