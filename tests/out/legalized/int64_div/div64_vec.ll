define dllexport void @div64_vec(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v9 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v0, <8 x i64> %v1)
  %v38 = bitcast <16 x i64> %v9 to <32 x i32>
  %v39 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v38, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v10 = bitcast <16 x i32> %v39 to <8 x i64>
  %v40 = bitcast <16 x i64> %v9 to <32 x i32>
  %v41 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v40, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v11 = bitcast <16 x i32> %v41 to <8 x i64>
  %v12 = ashr <8 x i64> %v10, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v13 = xor <8 x i64> %v10, %v12
  %v14 = sub <8 x i64> %v13, %v12
  %v15 = ashr <8 x i64> %v1, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v16 = xor <8 x i64> %v1, %v15
  %v17 = sub <8 x i64> %v16, %v15
  %v18 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v14, <8 x i64> %v17)
  %v19 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v18, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v42 = bitcast <16 x i64> %v18 to <32 x i32>
  %v43 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v42, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v20 = bitcast <16 x i32> %v43 to <8 x i64>
  %v21 = xor <8 x i64> %v12, %v15
  %v22 = xor <8 x i64> %v19, %v21
  %v4 = sub <8 x i64> %v22, %v21
  %v23 = ashr <8 x i64> %v11, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v24 = xor <8 x i64> %v11, %v23
  %v25 = sub <8 x i64> %v24, %v23
  %v26 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v25, <8 x i64> <i64 7, i64 7, i64 4294967311, i64 1, i64 3, i64 1000, i64 -9223372036854775808, i64 5>)
  %v44 = bitcast <16 x i64> %v26 to <32 x i32>
  %v45 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v44, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v27 = bitcast <16 x i32> %v45 to <8 x i64>
  %v28 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v26, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v29 = xor <8 x i64> %v28, %v23
  %v5 = sub <8 x i64> %v29, %v23
  %v6 = add <8 x i64> %v4, %v5
  %v30 = ashr <8 x i64> %v6, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v31 = xor <8 x i64> %v6, %v30
  %v32 = sub <8 x i64> %v31, %v30
  %v33 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v32, <8 x i64> <i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3, i64 3>)
  %v34 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v33, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v46 = bitcast <16 x i64> %v33 to <32 x i32>
  %v47 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v46, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v35 = bitcast <16 x i32> %v47 to <8 x i64>
  %v36 = xor <8 x i64> %v30, <i64 -1, i64 -1, i64 -1, i64 -1, i64 -1, i64 -1, i64 -1, i64 -1>
  %v37 = xor <8 x i64> %v34, %v36
  %v7 = sub <8 x i64> %v37, %v36
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  ret void
}

define internal <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  br label %bb1
bb1:
  %v0 = phi <8 x i64> [ %arg0, %bb0 ], [ %v11, %bb1 ]
  %v1 = phi <8 x i64> [ <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>, %bb0 ], [ %v9, %bb1 ]
  %v2 = phi i32 [ 64, %bb0 ], [ %v12, %bb1 ]
  %v3 = lshr <8 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v4 = shl <8 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v5 = or <8 x i64> %v4, %v3
  %v6 = shl <8 x i64> %v0, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v7 = icmp uge <8 x i64> %v5, %arg1
  %v8 = sub <8 x i64> %v5, %arg1
  %v9 = select <8 x i1> %v7, <8 x i64> %v8, <8 x i64> %v5
  %v10 = or <8 x i64> %v6, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v11 = select <8 x i1> %v7, <8 x i64> %v10, <8 x i64> %v6
  %v12 = sub i32 %v2, 1
  %v13 = icmp ne i32 %v12, 0
  br i1 %v13, label %bb1, label %bb2
bb2:
  %v16 = bitcast <8 x i64> %v11 to <16 x i32>
  %v17 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v14 = bitcast <32 x i32> %v17 to <16 x i64>
  %v18 = bitcast <8 x i64> %v9 to <16 x i32>
  %v19 = bitcast <16 x i64> %v14 to <32 x i32>
  %v20 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v19, <16 x i32> %v18, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v15 = bitcast <32 x i32> %v20 to <16 x i64>
  ret <16 x i64> %v15
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_vec, !"div64_vec", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
