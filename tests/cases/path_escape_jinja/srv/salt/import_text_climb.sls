{% import_text "sub/../../secret.txt" as s %}x: {{ s }}
