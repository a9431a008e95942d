define dllexport void @shared_div64(i32 %arg0, i64 %arg1, i64 %arg2) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = or <8 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v20 = ashr <8 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v21 = xor <8 x i64> %v0, %v20
  %v22 = sub <8 x i64> %v21, %v20
  %v23 = ashr <8 x i64> %v2, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v24 = xor <8 x i64> %v2, %v23
  %v25 = sub <8 x i64> %v24, %v23
  %v26 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v22, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v27 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v25, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v28 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v26, <16 x i64> %v27)
  %v29 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v28, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v30 = xor <8 x i64> %v20, %v23
  %v31 = xor <8 x i64> %v29, %v30
  %v3 = sub <8 x i64> %v31, %v30
  %v32 = mul <8 x i64> %v29, %v25
  %v33 = sub <8 x i64> %v22, %v32
  %v34 = xor <8 x i64> %v33, %v20
  %v4 = sub <8 x i64> %v34, %v20
  %v35 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v3, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v36 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> <i64 3, i64 -3, i64 10000000019, i64 7, i64 -9223372036854775807, i64 5, i64 1000, i64 -1>, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v37 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v35, <16 x i64> %v36)
  %v38 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v37, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v39 = mul <8 x i64> %v38, <i64 3, i64 -3, i64 10000000019, i64 7, i64 -9223372036854775807, i64 5, i64 1000, i64 -1>
  %v5 = sub <8 x i64> %v3, %v39
  %v6 = add <8 x i64> %v4, %v5
  %v7 = xor <8 x i64> %v6, %v3
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  %v9 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v0, i32 0, i32 4, i32 1, i16 32, i32 undef)
  %v10 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v2, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v40 = ashr <4 x i64> %v9, <i64 63, i64 63, i64 63, i64 63>
  %v41 = xor <4 x i64> %v9, %v40
  %v42 = sub <4 x i64> %v41, %v40
  %v43 = ashr <4 x i64> %v10, <i64 63, i64 63, i64 63, i64 63>
  %v44 = xor <4 x i64> %v10, %v43
  %v45 = sub <4 x i64> %v44, %v43
  %v46 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v42, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v47 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64> undef, <4 x i64> %v45, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v48 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v46, <16 x i64> %v47)
  %v49 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v48, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v50 = xor <4 x i64> %v40, %v43
  %v51 = xor <4 x i64> %v49, %v50
  %v11 = sub <4 x i64> %v51, %v50
  %v12 = or i64 %arg2, 1
  %v52 = ashr i64 %arg1, 63
  %v53 = xor i64 %arg1, %v52
  %v54 = sub i64 %v53, %v52
  %v55 = ashr i64 %v12, 63
  %v56 = xor i64 %v12, %v55
  %v57 = sub i64 %v56, %v55
  %v58 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v54, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v59 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %v57, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v60 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v58, <16 x i64> %v59)
  %v61 = call i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64> %v60, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v62 = xor i64 %v52, %v55
  %v63 = xor i64 %v61, %v62
  %v13 = sub i64 %v63, %v62
  %v64 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v65 = call <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64> undef, i64 -10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v66 = call <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %v64, <16 x i64> %v65)
  %v67 = call i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64> %v66, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v68 = mul i64 %v67, -10
  %v14 = sub i64 %arg1, %v68
  %v15 = add i64 %v13, %v14
  %v16 = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> undef, i64 %v15, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v17 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %v16, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v18 = add <4 x i64> %v11, %v17
  call void @llvm.genx.oword.st.v4i64(i32 %arg0, i32 16, <4 x i64> %v18)
  ret void
}

define internal <16 x i64> @__genxc_udiv_i64_x16(<16 x i64> %arg0, <16 x i64> %arg1) {
bb0:
  %v0 = udiv <16 x i64> %arg0, %arg1
  ret <16 x i64> %v0
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i64(i32, i32, <4 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.i64.i16.i1(<16 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v4i64.i16.i1(<16 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @shared_div64, !"shared_div64", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
