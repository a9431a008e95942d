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
  %v26 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v22, <8 x i64> %v25)
  %v27 = xor <8 x i64> %v20, %v23
  %v28 = xor <8 x i64> %v26, %v27
  %v3 = sub <8 x i64> %v28, %v27
  %v29 = mul <8 x i64> %v26, %v25
  %v30 = sub <8 x i64> %v22, %v29
  %v31 = xor <8 x i64> %v30, %v20
  %v4 = sub <8 x i64> %v31, %v20
  %v32 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v3, <8 x i64> <i64 3, i64 -3, i64 10000000019, i64 7, i64 -9223372036854775807, i64 5, i64 1000, i64 -1>)
  %v33 = mul <8 x i64> %v32, <i64 3, i64 -3, i64 10000000019, i64 7, i64 -9223372036854775807, i64 5, i64 1000, i64 -1>
  %v5 = sub <8 x i64> %v3, %v33
  %v6 = add <8 x i64> %v4, %v5
  %v7 = xor <8 x i64> %v6, %v3
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  %v63 = bitcast <8 x i64> %v0 to <16 x i32>
  %v64 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v63, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v9 = bitcast <8 x i32> %v64 to <4 x i64>
  %v65 = bitcast <8 x i64> %v2 to <16 x i32>
  %v66 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v65, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v10 = bitcast <8 x i32> %v66 to <4 x i64>
  %v34 = ashr <4 x i64> %v9, <i64 63, i64 63, i64 63, i64 63>
  %v35 = xor <4 x i64> %v9, %v34
  %v36 = sub <4 x i64> %v35, %v34
  %v37 = ashr <4 x i64> %v10, <i64 63, i64 63, i64 63, i64 63>
  %v38 = xor <4 x i64> %v10, %v37
  %v39 = sub <4 x i64> %v38, %v37
  %v40 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v36, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v41 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v39, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v42 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v40, <8 x i64> %v41)
  %v43 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64> %v42, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v44 = xor <4 x i64> %v34, %v37
  %v45 = xor <4 x i64> %v43, %v44
  %v11 = sub <4 x i64> %v45, %v44
  %v12 = or i64 %arg2, 1
  %v46 = ashr i64 %arg1, 63
  %v47 = xor i64 %arg1, %v46
  %v48 = sub i64 %v47, %v46
  %v49 = ashr i64 %v12, 63
  %v50 = xor i64 %v12, %v49
  %v51 = sub i64 %v50, %v49
  %v52 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %v48, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v53 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %v51, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v54 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v52, <8 x i64> %v53)
  %v55 = call i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64> %v54, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v56 = xor i64 %v46, %v49
  %v57 = xor i64 %v55, %v56
  %v13 = sub i64 %v57, %v56
  %v58 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v59 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 -10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v60 = call <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %v58, <8 x i64> %v59)
  %v61 = call i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64> %v60, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v62 = mul i64 %v61, -10
  %v14 = sub i64 %arg1, %v62
  %v15 = add i64 %v13, %v14
  %v16 = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> undef, i64 %v15, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v17 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %v16, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v18 = add <4 x i64> %v11, %v17
  call void @llvm.genx.oword.st.v4i64(i32 %arg0, i32 16, <4 x i64> %v18)
  ret void
}

define internal <8 x i64> @__genxc_udiv_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  %v0 = udiv <8 x i64> %arg0, %arg1
  ret <8 x i64> %v0
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i64(i32, i32, <4 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare i64 @llvm.genx.rdregioni.i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @shared_div64, !"shared_div64", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 64, i32 72, i32 80}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
