env: {{ saltenv }}
path: {{ tplpath }}
