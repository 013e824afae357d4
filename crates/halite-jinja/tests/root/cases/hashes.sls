{{ 'abc' | md5 }}
{{ 'abc' | sha1 }}
{{ 'abc' | sha256 }}
{{ 'abc' | sha512 }}
{{ 'hello' | base64_encode }} {{ 'aGVsbG8=' | base64_decode }}
