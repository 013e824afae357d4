//! One file per Salt execution module; register each function here with one line.
//! Modules whose Salt `__virtual__` fails on this host are not registered, so
//! `Registry::contains` answers as Salt's loader would.

mod alternatives;
pub(crate) mod cmd;
mod config;
mod cp;
mod defaults;
mod dig;
mod environ;
mod file;
mod git;
mod grains;
mod hashutil;
mod log;
mod match_;
mod mine;
mod network;
mod pillar;
mod pkg;
mod postgres;
mod slsutil;
mod status;
mod sys;
mod test;
mod user;

pub use config::defaults as config_defaults;
pub use test::SALT_VERSION;

use crate::Registry;

pub(crate) fn register_all(r: &mut Registry) {
    r.register("alternatives.show_current", alternatives::show_current);
    r.register("cmd.run", cmd::run_);
    r.register("cmd.shell", cmd::shell);
    r.register("cmd.run_stdout", cmd::run_stdout);
    r.register("cmd.run_stderr", cmd::run_stderr);
    r.register("cmd.run_all", cmd::run_all);
    r.register("cmd.retcode", cmd::retcode);
    r.register("cmd.script", cmd::script);
    r.register("cmd.script_retcode", cmd::script_retcode);
    r.register("cmd.which", cmd::which);
    r.register("cmd.has_exec", cmd::has_exec);
    r.register("config.get", config::get);
    r.register("config.option", config::option);
    r.register("config.merge", config::merge);
    r.register("config.items", config::items);
    r.register("config.dot_vals", config::dot_vals);
    r.register("config.valid_fileproto", config::valid_fileproto);
    r.register("cp.get_file_str", cp::get_file_str);
    r.register("cp.list_states", cp::list_states);
    r.register("cp.list_master", cp::list_master);
    r.register("cp.list_master_dirs", cp::list_master_dirs);
    r.register("cp.list_master_symlinks", cp::list_master_symlinks);
    r.register("defaults.merge", defaults::merge);
    r.register("defaults.deepcopy", defaults::deepcopy);
    r.register("defaults.update", defaults::update);
    if dig::available() {
        r.register("dig.A", dig::a);
        r.register("dig.AAAA", dig::aaaa);
    }
    r.register("environ.get", environ::get);
    r.register("environ.has_value", environ::has_value);
    r.register("environ.item", environ::item);
    r.register("environ.items", environ::items);
    r.register("file.file_exists", file::file_exists);
    r.register("file.directory_exists", file::directory_exists);
    r.register("file.is_link", file::is_link);
    r.register("file.basename", file::basename);
    r.register("file.dirname", file::dirname);
    r.register("file.join", file::join);
    r.register("file.normpath", file::normpath);
    r.register("file.readdir", file::readdir);
    r.register("file.contains_regex", file::contains_regex);
    r.register("file.contains", file::contains);
    r.register("file.search", file::search);
    r.register("file.read", file::read);
    r.register("file.get_user", file::get_user);
    r.register("file.get_group", file::get_group);
    r.register("file.get_mode", file::get_mode);
    r.register("file.get_hash", hashutil::file_get_hash);
    if git::available() {
        r.register("git.current_branch", git::current_branch);
        r.register("git.revision", git::revision);
    }
    r.register("grains.get", grains::get);
    r.register("grains.items", grains::items);
    r.register("grains.item", grains::item);
    r.register("grains.ls", grains::ls);
    r.register("grains.has_value", grains::has_value);
    r.register("grains.filter_by", grains::filter_by);
    r.register("hashutil.digest", hashutil::digest);
    r.register("hashutil.md5_digest", hashutil::md5_digest);
    r.register("hashutil.sha256_digest", hashutil::sha256_digest);
    r.register("hashutil.sha512_digest", hashutil::sha512_digest);
    r.register("hashutil.base64_b64encode", hashutil::base64_b64encode);
    r.register("hashutil.base64_b64decode", hashutil::base64_b64decode);
    r.register(
        "hashutil.base64_encodestring",
        hashutil::base64_encodestring,
    );
    r.register("log.debug", log::debug);
    r.register("log.info", log::info);
    r.register("log.warning", log::warning);
    r.register("log.error", log::error);
    r.register("log.critical", log::critical);
    r.register("log.exception", log::exception);
    r.register("match.glob", match_::glob);
    r.register("match.pcre", match_::pcre);
    r.register("match.list", match_::list_);
    r.register("match.grain", match_::grain);
    r.register("match.grain_pcre", match_::grain_pcre);
    r.register("match.pillar", match_::pillar);
    r.register("match.pillar_pcre", match_::pillar_pcre);
    r.register("mine.get", mine::get);
    r.register("network.ip_addrs", network::ip_addrs);
    r.register("network.ipaddrs", network::ip_addrs);
    r.register("network.ip_addrs6", network::ip_addrs6);
    r.register("network.ipaddrs6", network::ip_addrs6);
    r.register("network.get_hostname", network::get_hostname);
    r.register("network.get_fqdn", network::get_fqdn);
    r.register("network.hw_addr", network::hw_addr);
    r.register("network.hwaddr", network::hw_addr);
    r.register("network.in_subnet", network::in_subnet);
    r.register("network.interfaces", network::interfaces);
    r.register("network.subnets", network::subnets);
    r.register("network.subnets6", network::subnets6);
    r.register("pillar.get", pillar::get);
    r.register("pillar.item", pillar::item);
    r.register("pillar.items", pillar::items);
    r.register("pillar.data", pillar::items);
    r.register("pillar.raw", pillar::raw);
    r.register("pillar.keys", pillar::keys);
    r.register("pillar.ls", pillar::ls);
    r.register("pillar.fetch", pillar::get);
    r.register("pillar.file_exists", pillar::file_exists);
    if std::path::Path::new(pkg::DPKG_STATUS).is_file() {
        r.register("pkg.version", pkg::version);
        r.register("pkg.list_pkgs", pkg::list_pkgs);
        r.register("pkg.version_cmp", pkg::version_cmp);
    }
    if postgres::available() {
        r.register("postgres.version", postgres::version);
        r.register("postgres.psql_query", postgres::psql_query);
        r.register("postgres.db_list", postgres::db_list);
        r.register("postgres.db_exists", postgres::db_exists);
        r.register("postgres.tablespace_list", postgres::tablespace_list);
        r.register("postgres.tablespace_exists", postgres::tablespace_exists);
        r.register("postgres.user_list", postgres::user_list);
        r.register("postgres.role_get", postgres::role_get);
        r.register("postgres.user_exists", postgres::user_exists);
        r.register("postgres.user_create", postgres::user_create);
    }
    r.register("status.time", status::time);
    r.register("slsutil.update", slsutil::update);
    r.register("slsutil.merge", slsutil::merge);
    r.register("slsutil.merge_all", slsutil::merge_all);
    r.register("slsutil.serialize", slsutil::serialize);
    r.register("slsutil.boolstr", slsutil::boolstr);
    r.register("slsutil.file_exists", slsutil::file_exists);
    r.register("slsutil.dir_exists", slsutil::dir_exists);
    r.register("slsutil.path_exists", slsutil::path_exists);
    r.register("slsutil.renderer", slsutil::renderer);
    r.register("sys.list_functions", sys::list_functions);
    r.register("sys.list_modules", sys::list_modules);
    r.register("test.ping", test::ping);
    r.register("test.true", test::true_);
    r.register("test.false", test::false_);
    r.register("test.version", test::version);
    r.register("test.echo", test::echo);
    r.register("test.outputter", test::outputter);
    r.register("test.arg", test::arg);
    r.register("test.kwarg", test::kwarg);
    r.register("test.arg_type", test::arg_type);
    r.register("test.arg_repr", test::arg_repr);
    r.register("test.fib", test::fib);
    r.register("test.retcode", test::retcode);
    r.register("test.exception", test::exception);
    r.register("user.info", user::info);
    r.register("user.list_users", user::list_users);
    r.register("user.list_groups", user::list_groups);
}
