define dllexport void @simd_break(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32> %v3, i32 0, i32 1, i32 0, i16 0, i32 undef)
  br label %bb1
bb1:
  %v5 = phi <16 x i32> [ <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %bb0 ], [ %v22, %bb3 ]
  %v6 = phi <16 x i32> [ %v2, %bb0 ], [ %v25, %bb3 ]
  %v7 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v18, %bb3 ]
  %v8 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v31, %bb3 ]
  %v9 = phi <32 x i1> [ <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, %bb0 ], [ %v30, %bb3 ]
  %v10 = mul <16 x i32> %v6, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %v11 = add <16 x i32> %v10, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v12 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v9, i32 0)
  %v13 = select <16 x i1> %v12, <16 x i32> %v11, <16 x i32> %v6
  %v14 = icmp sgt <16 x i32> %v11, %v4
  %v15 = xor <16 x i1> %v14, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v16 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v9, <16 x i1> %v7, <16 x i1> %v15)
  %v17 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 0
  %v18 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 1
  %v19 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v16, 2
  br i1 %v19, label %bb4, label %bb2
bb2:
  %v21 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v17, i32 0)
  %v20 = add <16 x i32> %v5, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v22 = select <16 x i1> %v21, <16 x i32> %v20, <16 x i32> %v5
  %v23 = ashr <16 x i32> %v13, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v24 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v17, i32 0)
  %v25 = select <16 x i1> %v24, <16 x i32> %v23, <16 x i32> %v13
  %v26 = icmp sgt <16 x i32> %v23, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v27 = xor <16 x i1> %v26, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v28 = xor <16 x i1> %v27, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v29 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v17, <16 x i1> %v8, <16 x i1> %v28)
  %v30 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v29, 0
  %v31 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v29, 1
  %v32 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v29, 2
  br i1 %v32, label %bb4, label %bb3
bb3:
  br label %bb1
bb4:
  %v33 = phi <16 x i32> [ %v5, %bb1 ], [ %v22, %bb2 ]
  %v34 = phi <16 x i1> [ %v8, %bb1 ], [ %v31, %bb2 ]
  %v35 = phi <32 x i1> [ %v17, %bb1 ], [ %v30, %bb2 ]
  %v36 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v35, <16 x i1> %v34)
  %v37 = extractvalue { <32 x i1>, i1 } %v36, 0
  %v38 = extractvalue { <32 x i1>, i1 } %v36, 1
  br label %bb5
bb5:
  br label %bb6
bb6:
  %v39 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v37, <16 x i1> %v18)
  %v40 = extractvalue { <32 x i1>, i1 } %v39, 0
  %v41 = extractvalue { <32 x i1>, i1 } %v39, 1
  br label %bb7
bb7:
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v33)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @simd_break, !"simd_break", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
