{{ pillar['app']['name'] | md5 }} {{ (grains['id'] ~ 'salt') | sha256 }} {{ '' | sha1 }} {{ 'a' * 100 | md5 if false else ('a' * 100) | md5 }}
{{ 'üñí' | base64_encode }} {{ 'w7zDscOt' | base64_decode }}
