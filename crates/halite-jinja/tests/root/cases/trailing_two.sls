two newlines

