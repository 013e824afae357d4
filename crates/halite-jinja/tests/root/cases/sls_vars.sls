{{ sls }}|{{ slspath }}|{{ sls_path }}|{{ slsdotpath }}|{{ slscolonpath }}|{{ tpldir }}|{{ tpldot }}|{{ tplfile }}
{{ opts['id'] }} {{ opts.file_client }} {{ saltenv }}
